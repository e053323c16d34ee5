"""Writes radio-merged-button.pdf: the radio group `choice` with buttons A, B and C, of which A is
a widget merged with a field of its own (`/T (a)` and its own `/V`, as some tools write
buttons) and holds the state the group's `/V` names (issue 26, item 3). The oracle and
browser tests read the file; run this to write it again: python3 make_radio_merged_button.py
"""

from pathlib import Path

import pikepdf

BUTTON_X = (72, 122, 172)
STATES = ("A", "B", "C")


def merged_button_form(path: Path) -> None:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(612, 792))
    on = pdf.make_stream(b"0 g 2 2 16 16 re f", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                         BBox=[0, 0, 20, 20], Resources=pikepdf.Dictionary())
    off = pdf.make_stream(b"0 G 1 1 18 18 re S", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                          BBox=[0, 0, 20, 20], Resources=pikepdf.Dictionary())
    group = pdf.make_indirect(pikepdf.Dictionary(T=pikepdf.String("choice"), FT=pikepdf.Name.Btn, Ff=49152,
                                                 V=pikepdf.Name.A))
    kids = []
    for x, state in zip(BUTTON_X, STATES):
        widget = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, Rect=[x, 700, x + 20, 720],
                                    F=4, Parent=group, P=page.obj,
                                    AP=pikepdf.Dictionary(N=pikepdf.Dictionary({f"/{state}": on, "/Off": off})),
                                    AS=pikepdf.Name("/" + (state if state == "A" else "Off")))
        if state == "A":
            widget.T = pikepdf.String("a")
            widget.V = pikepdf.Name.A
        kids.append(pdf.make_indirect(widget))
    group.Kids = pikepdf.Array(kids)
    page.obj.Annots = pikepdf.Array(kids)
    pdf.Root.AcroForm = pdf.make_indirect(pikepdf.Dictionary(Fields=[group]))
    pdf.save(path)


if __name__ == "__main__":
    merged_button_form(Path(__file__).with_name("radio-merged-button.pdf"))
