"""The static tier tokenises words beyond ASCII (``x⋅y``, ``Gröbner``, ``Runge–Kutta``) itself, to the ids
MiniLM's tokenizer gives: loading the tokenizers library had cost a process 36 ms the first time a
question's candidates held one (15 of 22 plain-English questions on sympy)."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.minilm import model_dir

WORDS = ("Gröbner", "Bézout", "x⋅y", "Runge–Kutta", "«quoted»", "¿qué?", "ΣΑΣ", "İstanbul", "ﬁnance", "½", "…",
         "ⅈ", "ß", "│⎢", "Ⅻ", "naïve–café")


def _real(texts: list[str]) -> list[list[int]]:
    return [e.ids for e in static.load_tokenizer().encode_batch_fast(texts, add_special_tokens=False)]  # type: ignore[attr-defined]


def test_words_beyond_ascii_get_the_tokenizers_ids_without_loading_it() -> None:
    lazy = static._LazyTokenizer(model_dir() / "tokenizer.json")
    table = static._WordTable(lazy, True)
    texts = [static._word_text(word.encode(), split) for word in WORDS for split in (True, False)]
    ids = table._encode(texts)
    assert lazy._tokenizer is None  # the tokenizers library never loaded
    assert ids == _real(texts)


def test_characters_left_to_the_tokenizer_still_get_its_ids() -> None:
    lazy = static._LazyTokenizer(model_dir() / "tokenizer.json")
    texts = ["日本語", "a\u200bb", "tab\u00a0here", "bad\ufffdbyte", "new\u0898mark", "ᢅ", "a᙭b"]  # CJK, format, NBSP, ...
    assert static._WordTable(lazy, False)._encode(texts) == _real(texts)
    assert lazy._tokenizer is not None


def test_every_character_to_u3000_is_tokenised_as_the_tokenizer_does() -> None:
    pieces = static._WordPiece(static.load_tokenizer().get_vocab())  # type: ignore[attr-defined]
    texts = [form.replace("{}", chr(code)) for code in range(0x80, 0x3000) for form in ("{}", "Ab{}cd", "É{}x{}ü")]
    real = _real(texts)
    mine = [pieces.unicode_ids(text) for text in texts]
    assert sum(found is not None for found in mine) > len(texts) // 3
    assert [found for found in mine if found is not None] == [ids for ids, found in zip(real, mine) if found is not None]


def test_the_vocabulary_listed_in_vocab_txt_is_the_tokenizers_own() -> None:
    """A new process's first plain question reads the vocabulary from ``vocab.txt`` (5–6 ms of CPU), not from
    ``tokenizer.json`` (9–11 ms of parsing): the same token to the same id, all of them."""
    listed = static._listed_vocab(model_dir() / "vocab.txt")
    assert listed is not None  # the installed package's file is the one pinned
    assert listed == static.load_tokenizer().get_vocab()  # type: ignore[attr-defined]
    assert static._LazyTokenizer(model_dir() / "tokenizer.json").get_vocab() == listed


def test_a_vocab_txt_of_another_model_is_not_trusted(tmp_path: Path) -> None:
    (tmp_path / "vocab.txt").write_text("[PAD]\nzebra\nthe\n", "utf-8")  # another package's list
    (tmp_path / "tokenizer.json").write_bytes((model_dir() / "tokenizer.json").read_bytes())
    assert static._listed_vocab(tmp_path / "vocab.txt") is None
    vocab = static._LazyTokenizer(tmp_path / "tokenizer.json").get_vocab()
    assert vocab["the"] == static.load_tokenizer().get_vocab()["the"]  # type: ignore[attr-defined]
