// Toolbar icons: 24×24 outline drawings built as SVG elements (no markup strings).

import { svg } from './svg.js';

const PATHS = {
  select: 'M5 3l13 8-6 1.5L9 19z',
  draw: 'M4 20l1-4L16 5l3 3L8 19zM14 7l3 3',
  erase: 'M8 20h12M5 15l8-8 6 6-6 6H9zM9 11l6 6',
  text: 'M5 5h14M12 5v14M9 19h6',
  shape: 'M4 14h8v6H4zM16 4l5 9h-10z',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9.5a1.5 1.5 0 1 0 .01 0',
  note: 'M5 4h14v11l-5 5H5zM14 20v-5h5M8 9h8M8 12h5',
  highlight: 'M4 20h16M7 16l2-7 6-5 4 4-5 6-7 2zM9 9l6 6',
  form: 'M4 4h16v16H4zM7 8h10M7 12h4M13 11l1.5 1.5L17 10M7 16h10',
  // A line of text with a bar over part of it.
  redact: 'M3 9h18v6H3zM6 12h12M3 19h8M3 5h5',
  pages: 'M7 3h8l4 4v14H7zM15 3v4h4M11 11v6M8 14h6',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  settings: 'M12 9a3 3 0 1 0 .01 0M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  save: 'M5 3h11l3 3v15H5zM8 3v5h7V3M8 21v-7h8v7',
  download: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  export: 'M14 3h7v7M21 3l-9 9M18 14v6H4V6h6',
  // The share sheet's own sign: an arrow rising out of a tray.
  share: 'M12 15V3M8 7l4-4 4 4M8 10H5v11h14V10h-3',
  sidebar: 'M3 4h18v16H3zM9 4v16',
  comments: 'M4 4h16v11H10l-5 4v-4H4zM8 8h8M8 11h5',
  zoomIn: 'M10 3a7 7 0 1 0 .01 0M21 21l-6-6M7 10h6M10 7v6',
  zoomOut: 'M10 3a7 7 0 1 0 .01 0M21 21l-6-6M7 10h6',
  fitWidth: 'M3 5v14M21 5v14M7 12h10M10 9l-3 3 3 3M14 9l3 3-3 3',
  open: 'M3 6h6l2 2h10v11H3zM12 11v6M9 14l3-3 3 3',
  versions: 'M12 3a9 9 0 1 0 .01 0M12 7v5l3 3M3 4v4h4',
  'redact-apply': 'M4 9h16v6H4zM4 5h6M14 5h6M4 19h9',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  plus: 'M12 5v14M5 12h14',
  turn: 'M20 12a8 8 0 1 1-3-6.2M20 4v4h-4',
  crop: 'M7 3v14h14M3 7h14v14',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  check: 'M5 12l5 5 9-10',
  describe: 'M3 5h18v14H3zM6 15l3-7 3 7M7 13h4M15 8v7h3',
  palette: 'M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 2-1 3-1a4 4 0 0 0 4-4c0-4.4-4-8-9-8zM7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01',
  rectangle: 'M4 6h16v12H4z',
  ellipse: 'M12 6c4.4 0 8 2.7 8 6s-3.6 6-8 6-8-2.7-8-6 3.6-6 8-6z',
  triangle: 'M12 4l9 16H3z',
  line: 'M4 20L20 4',
  arrow: 'M4 20L20 4M11 4h9v9',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  cut: 'M6 3.5a2.5 2.5 0 1 0 .01 0M6 15.5a2.5 2.5 0 1 0 .01 0M8 7.5L20 18M8 16.5L20 6',
  duplicate: 'M8 8h12v12H8zM4 16V4h12M14 11v6M11 14h6',
  front: 'M4 10h10v10H4zM18 14V4M14.5 7.5L18 4l3.5 3.5',
  back: 'M4 4h10v10H4zM18 10v10M14.5 16.5L18 20l3.5-3.5',
  find: 'M10.5 4a6.5 6.5 0 1 0 .01 0M20 20l-4.9-4.9',
  outline: 'M4 6h.01M8 6h12M7 12h.01M11 12h9M7 18h.01M11 18h9',
  // A pen over the line one signs on.
  sign: 'M3 21h18M5 17c3-6 5-9 7-9s-2 8 1 8 3-5 5-5M15 3l4 4-7 7H8v-4z',
  more: 'M5 11a1 1 0 1 0 .01 0M12 11a1 1 0 1 0 .01 0M19 11a1 1 0 1 0 .01 0',
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
};

/** An icon by name, decorative (the button carries the label). */
export function icon(name) {
  return svg('svg', { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, [
    svg('path', { d: PATHS[name] ?? PATHS.select }),
  ]);
}
