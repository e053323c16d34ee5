// Text shaping with HarfBuzz (Debian: libharfbuzz-dev), loaded on the first text shaped
// (harfbuzz.c; CLazyLibrary.h says why): glyphs, clusters and positions for a run of text in
// one font, script and direction, and the Unicode script of a character.
#ifndef MARGINALIA_CHARFBUZZ_H
#define MARGINALIA_CHARFBUZZ_H

#include <stddef.h>
#include <stdint.h>

/// A font ready to shape with: a HarfBuzz face and font over a copy of the font's bytes.
typedef struct mg_hb_font mg_hb_font;

/// One glyph of a shaped run, in visual order (left to right, also for a right-to-left run).
/// Positions are in font units: the font is scaled to its units per em.
typedef struct mg_hb_glyph {
    /// The glyph ID in the font.
    uint32_t glyph;
    /// The index in the text given to mg_hb_shape of the first character of the glyph's
    /// cluster (the characters it draws with the glyphs that share the cluster).
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} mg_hb_glyph;

/// Whether libharfbuzz can be loaded (1) or not (0, after saying why on stderr).
int mg_harfbuzz_available(void);

/// A font from the bytes of a font file (face `index` of a collection); NULL when HarfBuzz is
/// missing or cannot read it. The bytes are copied.
mg_hb_font *mg_hb_font_create(const unsigned char *data, size_t size, unsigned int index);

void mg_hb_font_destroy(mg_hb_font *font);

/// The font's design units per em.
unsigned int mg_hb_font_units_per_em(const mg_hb_font *font);

/// Shapes `text[offset ..< offset + run_length]` (UTF-32), the rest of `text` being its
/// context (what joins to it across a run's edges). `script` is an ISO 15924 tag as HarfBuzz
/// writes it (HB_TAG('A','r','a','b'), say; 0 lets HarfBuzz guess), `language` a BCP 47 tag
/// or NULL. Returns the number of glyphs, stored in a new array at `*glyphs` (free with
/// free()), or -1 when out of memory.
int mg_hb_shape(const mg_hb_font *font, const uint32_t *text, int length, int offset, int run_length,
                int right_to_left, uint32_t script, const char *language, mg_hb_glyph **glyphs);

/// The font's glyph for `codepoint` from its 'cmap', or 0 when it has none.
uint32_t mg_hb_font_glyph(const mg_hb_font *font, uint32_t codepoint);

/// The advance width of glyph `glyph`, in font units.
int32_t mg_hb_font_advance(const mg_hb_font *font, uint32_t glyph);

/// The font's ascender and descender (negative below the baseline), in font units.
void mg_hb_font_extents(const mg_hb_font *font, int32_t *ascender, int32_t *descender);

/// The font's PostScript name (name ID 6) into `name` (`size` bytes with the terminating 0);
/// returns its length, 0 when the font has none.
unsigned int mg_hb_font_postscript_name(const mg_hb_font *font, char *name, unsigned int size);

/// A subset of the font holding `glyphs` (and what they need), made by libharfbuzz-subset
/// (Debian: libharfbuzz-subset0, loaded on first use): an OpenType font in a new array at
/// `*data` (free with free()), `*size` bytes; glyphs are renumbered in the order of their old
/// IDs (unless `retain_gids` is non-zero: each keeps its ID, the glyphs left out are emptied),
/// and a CID-keyed CFF keeps each glyph's CID. Returns 0, or -1 when the library is missing or
/// the subset fails.
int mg_hb_subset(const mg_hb_font *font, const uint32_t *glyphs, int count, int retain_gids, unsigned char **data,
                 size_t *size);

/// The Unicode script of `codepoint` as an ISO 15924 tag (HB_TAG form): 'Zyyy' for common
/// characters (spaces, digits, punctuation), 'Zinh' for inherited ones (combining marks).
uint32_t mg_hb_script(uint32_t codepoint);

#endif
