// Loaded deferred by each half's search page, so after Sphinx's searchtools.js: the
// summary under each result leaves out the link to the twin page, which would
// otherwise open every summary with "This page in English" or its French twin.
"use strict";

(() => {
  const pageText = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) =>
    pageText(htmlString.replace(/<nav class="ht-twin"[\s\S]*?<\/nav>/, ""), anchor);
})();
