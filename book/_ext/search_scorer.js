// Result ranking for the bilingual book, loaded by each half's search page before
// Sphinx's searchtools.js (which keeps a Scorer defined beforehand). The pages of the
// search page's own language come first; the other half's pages still follow.
// (search_snippets.js, run after searchtools.js, cleans the result summaries.)
"use strict";

var Scorer = {
  score: (result) => {
    const docname = result[0];
    const score = result[4];
    const ownHalf = `book/${document.documentElement.lang}/`;
    return docname.startsWith(ownHalf) ? score + 1000 : score;
  },
  // Sphinx's weights for the rest, unchanged.
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
