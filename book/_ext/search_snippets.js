// Loaded deferred by each half's search page, so after Sphinx's searchtools.js (and
// fold.js). Each result
// - links to its page: Sphinx writes the page's name relative to the search page
//   ("book/fr/spot.html" from book/fr/search.html), right only for a search page at
//   the root of the site; here it is made relative to the site's root;
// - is summarized by the page's article alone: not the link to the twin page ("This page
//   in English" or its French twin), not a table of contents, not the hidden code;
// - and the summary opens where a searched word is, found with accents and ligatures
//   folded on both sides (the French index matches « levee » with « levée »: so does
//   the summary).
"use strict";

(() => {
  const root = document.documentElement.dataset.content_root || "";
  const results = document.getElementById("search-results");
  if (results) {
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const added of change.addedNodes) {
          if (!(added instanceof HTMLLIElement)) continue;
          const link = added.querySelector(":scope > a");
          const href = link && link.getAttribute("href");
          if (href && href.startsWith("book/")) link.setAttribute("href", root + href);
        }
      }
    }).observe(results, { childList: true, subtree: true });
  }

  const LEFT_OUT = [
    "nav.ht-twin",
    ".bd-header-article",
    ".bd-sidebar-secondary",
    ".onlyprint",
    ".cell_input",
    "details.hide > summary",
  ];
  const pageText = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    for (const selector of LEFT_OUT) {
      page.querySelectorAll(selector).forEach((element) => element.remove());
    }
    return pageText(page.documentElement.outerHTML, anchor);
  };

  // The folded text, and for each of its characters the position in the original.
  const foldWithPositions = (text) => {
    let folded = "";
    const positions = [];
    for (let i = 0; i < text.length; i++) {
      const piece = htFold(text[i]).toLowerCase();
      folded += piece;
      for (let j = 0; j < piece.length; j++) positions.push(i);
    }
    return [folded, positions];
  };

  Search.makeSearchSummary = (htmlText, keywords, anchor) => {
    const text = Search.htmlToText(htmlText, anchor).replace(/\s+/g, " ").trim();
    if (text === "") return null;
    const [folded, positions] = foldWithPositions(text);
    const found = [...keywords]
      .map((keyword) => folded.indexOf(htFold(keyword).toLowerCase()))
      .filter((index) => index > -1)
      .map((index) => positions[index]);
    const start = found.length ? Math.max(Math.min(...found) - 120, 0) : 0;
    const summary = document.createElement("p");
    summary.classList.add("context");
    summary.textContent =
      (start === 0 ? "" : "…") +
      text.substr(start, 240).trim() +
      (start + 240 < text.length ? "…" : "");
    return summary;
  };
})();
