"""Text shaping on the PDF score sheets only where a name needs it (issue 28: shaping
plain Latin names was most of what `referti` took). Every script still prints right:
`tests/publish/test_referti_scripts.py` reads the sheets back."""

from __future__ import annotations

import pytest

from risiko_xl.publish.fonts import needs_shaping


@pytest.mark.parametrize("text", ["Niccolò Sciarrà", "Salvatore “Totò” D'Alì", "Zoë Ångström",
                                  "Ωμέγα Δέλτα", "Иван Петров", "RisiKo! ® – … «Pina»"])
def test_latin_greek_and_cyrillic_names_print_without_shaping(text):
    assert not needs_shaping(text)


@pytest.mark.parametrize("text", ["محمد علي", "שרה לוי", "देवनागरी", "สมชาย", "e\u0301",
                                  "王小明"])
def test_joined_right_to_left_and_combining_text_is_shaped(text):
    assert needs_shaping(text)
