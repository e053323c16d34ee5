// The HarfBuzz functions the shaper calls, loaded on first use (CLazyLibrary.h says why), and
// the shaping of one run.
#include "CHarfBuzz.h"

#include <stdlib.h>
#include <string.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <harfbuzz/hb-subset.h>

#include "CLazyLibrary.h"

static marginalia_library harfbuzz = MARGINALIA_LIBRARY("libharfbuzz0b", "libharfbuzz.so.0", "libharfbuzz.so");
static marginalia_library harfbuzz_subset =
    MARGINALIA_LIBRARY("libharfbuzz-subset0", "libharfbuzz-subset.so.0", "libharfbuzz-subset.so");

MARGINALIA_FORWARD(harfbuzz, hb_blob_t *, hb_blob_create,
                   (const char *data, unsigned int length, hb_memory_mode_t mode, void *user_data, hb_destroy_func_t destroy),
                   (data, length, mode, user_data, destroy))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_blob_destroy, (hb_blob_t *blob), (blob))
MARGINALIA_FORWARD(harfbuzz, hb_face_t *, hb_face_create, (hb_blob_t *blob, unsigned int index), (blob, index))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_face_destroy, (hb_face_t *face), (face))
MARGINALIA_FORWARD(harfbuzz, unsigned int, hb_face_get_upem, (const hb_face_t *face), (face))
MARGINALIA_FORWARD(harfbuzz, unsigned int, hb_face_get_glyph_count, (const hb_face_t *face), (face))
MARGINALIA_FORWARD(harfbuzz, hb_font_t *, hb_font_create, (hb_face_t *face), (face))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_font_destroy, (hb_font_t *font), (font))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_font_set_scale, (hb_font_t *font, int x_scale, int y_scale), (font, x_scale, y_scale))
MARGINALIA_FORWARD(harfbuzz, hb_buffer_t *, hb_buffer_create, (void), ())
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_destroy, (hb_buffer_t *buffer), (buffer))
MARGINALIA_FORWARD(harfbuzz, hb_bool_t, hb_buffer_allocation_successful, (hb_buffer_t *buffer), (buffer))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_add_utf32,
                        (hb_buffer_t *buffer, const uint32_t *text, int text_length, unsigned int item_offset, int item_length),
                        (buffer, text, text_length, item_offset, item_length))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_set_direction, (hb_buffer_t *buffer, hb_direction_t direction), (buffer, direction))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_set_script, (hb_buffer_t *buffer, hb_script_t script), (buffer, script))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_set_language, (hb_buffer_t *buffer, hb_language_t language), (buffer, language))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_buffer_guess_segment_properties, (hb_buffer_t *buffer), (buffer))
MARGINALIA_FORWARD(harfbuzz, hb_language_t, hb_language_from_string, (const char *text, int length), (text, length))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_shape,
                        (hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features),
                        (font, buffer, features, num_features))
MARGINALIA_FORWARD(harfbuzz, unsigned int, hb_buffer_get_length, (const hb_buffer_t *buffer), (buffer))
MARGINALIA_FORWARD(harfbuzz, hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *buffer, unsigned int *length),
                   (buffer, length))
MARGINALIA_FORWARD(harfbuzz, hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t *buffer, unsigned int *length),
                   (buffer, length))
MARGINALIA_FORWARD(harfbuzz, hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), ())
MARGINALIA_FORWARD(harfbuzz, hb_script_t, hb_unicode_script, (hb_unicode_funcs_t *ufuncs, hb_codepoint_t unicode),
                   (ufuncs, unicode))

MARGINALIA_FORWARD(harfbuzz, hb_bool_t, hb_font_get_nominal_glyph, (hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph),
                   (font, unicode, glyph))
MARGINALIA_FORWARD(harfbuzz, hb_position_t, hb_font_get_glyph_h_advance, (hb_font_t *font, hb_codepoint_t glyph), (font, glyph))
MARGINALIA_FORWARD(harfbuzz, hb_bool_t, hb_font_get_h_extents, (hb_font_t *font, hb_font_extents_t *extents), (font, extents))
MARGINALIA_FORWARD(harfbuzz, unsigned int, hb_ot_name_get_utf8,
                   (hb_face_t *face, hb_ot_name_id_t name_id, hb_language_t language, unsigned int *text_size, char *text),
                   (face, name_id, language, text_size, text))
MARGINALIA_FORWARD_VOID(harfbuzz, hb_set_add, (hb_set_t *set, hb_codepoint_t codepoint), (set, codepoint))
MARGINALIA_FORWARD(harfbuzz, hb_blob_t *, hb_face_reference_blob, (hb_face_t *face), (face))
MARGINALIA_FORWARD(harfbuzz, const char *, hb_blob_get_data, (hb_blob_t *blob, unsigned int *length), (blob, length))
MARGINALIA_FORWARD(harfbuzz_subset, hb_subset_input_t *, hb_subset_input_create_or_fail, (void), ())
MARGINALIA_FORWARD_VOID(harfbuzz_subset, hb_subset_input_destroy, (hb_subset_input_t *input), (input))
MARGINALIA_FORWARD_VOID(harfbuzz_subset, hb_subset_input_set_flags, (hb_subset_input_t *input, unsigned value), (input, value))
MARGINALIA_FORWARD(harfbuzz_subset, hb_set_t *, hb_subset_input_glyph_set, (hb_subset_input_t *input), (input))
MARGINALIA_FORWARD(harfbuzz_subset, hb_face_t *, hb_subset_or_fail, (hb_face_t *source, const hb_subset_input_t *input),
                   (source, input))

struct mg_hb_font {
    hb_face_t *face;
    hb_font_t *font;
    unsigned int units_per_em;
};

int mg_harfbuzz_available(void) { return marginalia_library_symbol(&harfbuzz, "hb_shape") != NULL; }

mg_hb_font *mg_hb_font_create(const unsigned char *data, size_t size, unsigned int index) {
    if (!mg_harfbuzz_available() || size > 0x7FFFFFFF) return NULL;
    hb_blob_t *blob = hb_blob_create((const char *)data, (unsigned int)size, HB_MEMORY_MODE_DUPLICATE, NULL, NULL);
    hb_face_t *face = hb_face_create(blob, index);
    hb_blob_destroy(blob);
    // HarfBuzz answers an unreadable font with an empty face rather than NULL.
    if (face == NULL || hb_face_get_glyph_count(face) == 0) {
        if (face != NULL) hb_face_destroy(face);
        return NULL;
    }
    mg_hb_font *result = calloc(1, sizeof *result);
    if (result == NULL) {
        hb_face_destroy(face);
        return NULL;
    }
    result->face = face;
    result->units_per_em = hb_face_get_upem(face);
    result->font = hb_font_create(face);
    // Positions in font units, which the caller scales as it scales the font's widths.
    hb_font_set_scale(result->font, (int)result->units_per_em, (int)result->units_per_em);
    return result;
}

void mg_hb_font_destroy(mg_hb_font *font) {
    if (font == NULL) return;
    hb_font_destroy(font->font);
    hb_face_destroy(font->face);
    free(font);
}

unsigned int mg_hb_font_units_per_em(const mg_hb_font *font) { return font->units_per_em; }

int mg_hb_shape(const mg_hb_font *font, const uint32_t *text, int length, int offset, int run_length,
                int right_to_left, uint32_t script, const char *language, mg_hb_glyph **glyphs) {
    *glyphs = NULL;
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf32(buffer, text, length, (unsigned int)offset, run_length);
    hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script != 0) hb_buffer_set_script(buffer, (hb_script_t)script);
    if (language != NULL) hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font->font, buffer, NULL, 0);
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        return -1;
    }
    unsigned int count = hb_buffer_get_length(buffer);
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, NULL);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    mg_hb_glyph *result = calloc(count > 0 ? count : 1, sizeof *result);
    if (result == NULL) {
        hb_buffer_destroy(buffer);
        return -1;
    }
    for (unsigned int i = 0; i < count; i++) {
        result[i].glyph = infos[i].codepoint;
        result[i].cluster = infos[i].cluster;
        result[i].x_advance = positions[i].x_advance;
        result[i].y_advance = positions[i].y_advance;
        result[i].x_offset = positions[i].x_offset;
        result[i].y_offset = positions[i].y_offset;
    }
    hb_buffer_destroy(buffer);
    *glyphs = result;
    return (int)count;
}

uint32_t mg_hb_script(uint32_t codepoint) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
}

uint32_t mg_hb_font_glyph(const mg_hb_font *font, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(font->font, codepoint, &glyph) ? glyph : 0;
}

int32_t mg_hb_font_advance(const mg_hb_font *font, uint32_t glyph) { return hb_font_get_glyph_h_advance(font->font, glyph); }

void mg_hb_font_extents(const mg_hb_font *font, int32_t *ascender, int32_t *descender) {
    hb_font_extents_t extents = {0};
    hb_font_get_h_extents(font->font, &extents);
    *ascender = extents.ascender;
    *descender = extents.descender;
}

unsigned int mg_hb_font_postscript_name(const mg_hb_font *font, char *name, unsigned int size) {
    unsigned int length = size;
    unsigned int full = hb_ot_name_get_utf8(font->face, HB_OT_NAME_ID_POSTSCRIPT_NAME, HB_LANGUAGE_INVALID, &length, name);
    return full < size ? full : 0;
}

int mg_hb_subset(const mg_hb_font *font, const uint32_t *glyphs, int count, int retain_gids, unsigned char **data,
                 size_t *size) {
    *data = NULL;
    *size = 0;
    if (marginalia_library_symbol(&harfbuzz_subset, "hb_subset_or_fail") == NULL) return -1;
    hb_subset_input_t *input = hb_subset_input_create_or_fail();
    if (input == NULL) return -1;
    if (retain_gids) hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS);
    hb_set_t *set = hb_subset_input_glyph_set(input);
    for (int i = 0; i < count; i++) hb_set_add(set, glyphs[i]);
    hb_face_t *subset = hb_subset_or_fail(font->face, input);
    hb_subset_input_destroy(input);
    if (subset == NULL) return -1;
    hb_blob_t *blob = hb_face_reference_blob(subset);
    unsigned int length = 0;
    const char *bytes = hb_blob_get_data(blob, &length);
    int result = -1;
    if (bytes != NULL && length > 0 && (*data = malloc(length)) != NULL) {
        memcpy(*data, bytes, length);
        *size = length;
        result = 0;
    }
    hb_blob_destroy(blob);
    hb_face_destroy(subset);
    return result;
}
