// Accent and ligature folding for the book's search pages (loaded before the language
// data). It does in the browser what hearts_search.fold does to the index: NFKD, then
// no combining marks, ligatures spelled out. So a query typed without accents meets the
// words of the index: « levee » → « levee » (« levée » in the index), « cœur » → « coeur ».
"use strict";

const HT_LIGATURES = { "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE" };

var htFold = (text) =>
  text
    .replace(/[œŒæÆ]/g, (letter) => HT_LIGATURES[letter])
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");

// A stemmer class whose stemWord folds the word first (the French half's index stems
// folded words).
var htFoldingStemmer = (Inner) =>
  function FoldingStemmer() {
    const inner = new Inner();
    this.stemWord = (word) => inner.stemWord(htFold(word));
  };

// The stop words, as searchtools.js asks them (stopwords.indexOf(word)), folded: « dès »
// is « des », a stop word, as the index has it.
var htFoldingStopwords = (words) => {
  const folded = new Set(words.map(htFold));
  const list = [...folded];
  list.indexOf = (word) => (folded.has(htFold(word)) ? 0 : -1);
  return list;
};
