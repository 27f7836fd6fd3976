/* The static book's playable parts.

   A guided deal, the playground and the teachers' tools each stand in a page as a slot:
     <div class="ht-live" data-ht-live="lesson" data-lesson="ID" data-lang="fr">picture</div>
   The picture is what the page shows without scripts and until Python is ready. This
   script opens the slot's page of the site's playable half (lite/voici/render/*.html:
   the notebook run by Voici, Python in this browser) in a frame kept out of sight, and
   shows the frame in place of the picture once its widget accepts a click. If that
   cannot happen, the reader is told why, in the page's language, and the picture stays.
   One slot loads at a time: each runs its own Python. */
(function () {
  "use strict";

  var NNBSP = "\u202f"; // French: a narrow no-break space before : ; ! ?
  var WORDS = {
    en: {
      // Each sentence per kind of slot: French agrees its words with each (la donne, les outils).
      loading: {
        lesson: "Loading the playable deal: Python is starting in your browser…",
        playground: "Loading the playground: Python is starting in your browser…",
        teachers: "Loading the teachers’ tools: Python is starting in your browser…",
      },
      slow: "Still loading: a first visit downloads about 20 MB, later visits start sooner.",
      ready: {
        lesson: "Ready: the deal below is yours to play.",
        playground: "Ready: the playground below is open.",
        teachers: "Ready: the teachers’ tools below are live.",
      },
      failed: {
        lesson: "The playable deal could not start in this browser ({reason}). The picture shows the position.",
        playground: "The playground could not start in this browser ({reason}).",
        teachers: "The teachers’ tools could not start in this browser ({reason}).",
      },
      reasons: {
        timeout: "it took too long",
        error: "an error stopped it",
        page: "the page refused the request",
        unsupported: "this browser cannot run WebAssembly",
        missing: "its files could not be loaded",
      },
      frame: { lesson: "Playable guided deal", playground: "Playground", teachers: "Teachers’ tools" },
    },
    fr: {
      loading: {
        lesson: "Chargement de la donne jouable" + NNBSP + ": Python démarre dans votre navigateur…",
        playground: "Ouverture de la salle de jeu" + NNBSP + ": Python démarre dans votre navigateur…",
        teachers: "Chargement des outils de l’enseignant" + NNBSP + ": Python démarre dans votre navigateur…",
      },
      slow: "Chargement en cours" + NNBSP + ": une première visite télécharge environ 20" + "\u00a0" + "Mo, les suivantes démarrent plus vite.",
      ready: {
        lesson: "C’est prêt" + NNBSP + ": à vous de jouer la donne ci-dessous.",
        playground: "C’est prêt" + NNBSP + ": la salle de jeu ci-dessous est ouverte.",
        teachers: "C’est prêt" + NNBSP + ": les outils de l’enseignant ci-dessous sont en place.",
      },
      failed: {
        lesson: "La donne jouable n’a pas pu démarrer dans ce navigateur ({reason}). L’image montre la position.",
        playground: "La salle de jeu n’a pas pu s’ouvrir dans ce navigateur ({reason}).",
        teachers: "Les outils de l’enseignant n’ont pas pu démarrer dans ce navigateur ({reason}).",
      },
      reasons: {
        timeout: "le délai est dépassé",
        error: "une erreur s’est produite",
        page: "la page a refusé la demande",
        unsupported: "ce navigateur ne sait pas exécuter WebAssembly",
        missing: "ses fichiers n’ont pas pu être chargés",
      },
      frame: { lesson: "Donne guidée jouable", playground: "Salle de jeu", teachers: "Outils de l’enseignant" },
    },
  };
  var PAGES = { lesson: "lesson", playground: "playground", teachers: "teachers" };
  var RUNTIME_PROBE = "lite/static/pyodide/pyodide.asm.wasm";
  var SLOW_AFTER_MS = 15000;
  var GIVE_UP_AFTER_MS = 120000;
  // The frame is looked at this often: the deal shows as live at most this long after
  // it is (three selectors in the frame's page: a fraction of a millisecond each time).
  var POLL_MS = 50;
  // A widget of the project accepts a click: the page is live.
  var READY = ".ht-root button:not([disabled])";
  // The page itself said no (an unknown lesson, a page that could not be built).
  var REFUSED = ".ht-live-error";
  // Python stopped with an error that the page did not catch.
  var FAILED = '[data-mime-type="application/vnd.jupyter.stderr"], .jp-RenderedText.jp-mod-error';

  function words(lang) {
    return WORDS[lang] || WORDS.en;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_match, key) {
      return key in values ? values[key] : "";
    });
  }

  function siteRoot() {
    var root = document.documentElement.getAttribute("data-content_root");
    if (root === null && window.DOCUMENTATION_OPTIONS) root = window.DOCUMENTATION_OPTIONS.URL_ROOT;
    return root || "./";
  }

  function frameAddress(slot) {
    var kind = slot.getAttribute("data-ht-live");
    var params = new URLSearchParams();
    if (kind === "playground" || kind === "teachers") {
      // The book page's own address carries a shared deal (?deal=CODE, ?bots=...).
      new URLSearchParams(window.location.search).forEach(function (value, key) {
        if (key !== "lang") params.set(key, value);
      });
      // The reader's puzzles progress, kept in this browser by the playground's page
      // (its template): given back to a playground opened without it in its address.
      if (kind === "playground" && !params.has("puzzles")) {
        try {
          var kept = window.localStorage.getItem("hearts-teach-puzzles");
          if (kept && /^[A-Za-z0-9_-]{1,8192}$/.test(kept)) params.set("puzzles", kept);
        } catch (noStorage) {}
      }
    }
    if (kind === "lesson") params.set("lesson", slot.getAttribute("data-lesson") || "");
    params.set("lang", slot.getAttribute("data-lang") || "en");
    return siteRoot() + "lite/voici/render/" + PAGES[kind] + ".html?" + params.toString();
  }

  function Slot(element) {
    this.element = element;
    this.kind = element.getAttribute("data-ht-live");
    this.lang = element.getAttribute("data-lang") || document.documentElement.lang || "en";
    this.words = words(this.lang);
    this.kindOfWords = this.words.ready[this.kind] ? this.kind : "lesson";
    this.status = document.createElement("p");
    this.status.className = "ht-live-status";
    this.status.setAttribute("role", "status");
    this.status.setAttribute("lang", this.lang);
    element.insertBefore(this.status, element.firstChild);
    this.say("waiting", "");
  }

  Slot.prototype.say = function (state, message) {
    this.element.setAttribute("data-ht-state", state);
    this.status.textContent = message;
    if (state === "failed") this.status.setAttribute("role", "alert");
  };

  Slot.prototype.start = function (done) {
    var slot = this;
    this.done = done;
    if (typeof WebAssembly !== "object") {
      this.fail("unsupported");
      return;
    }
    this.say("loading", this.words.loading[this.kindOfWords]);
    // A site published without its playable half, or a connection that drops, shows
    // here at once (the frame's Python would only wait for its files).
    window
      .fetch(siteRoot() + RUNTIME_PROBE, { method: "HEAD", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) slot.fail("missing");
      })
      .catch(function () {
        slot.fail("missing");
      });
    var frame = document.createElement("iframe");
    frame.className = "ht-live-frame";
    frame.title = this.words.frame[this.kind] || "";
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.src = frameAddress(this.element);
    this.frame = frame;
    this.element.appendChild(frame);
    this.started = Date.now();
    this.timer = window.setInterval(function () {
      slot.poll();
    }, POLL_MS);
  };

  Slot.prototype.poll = function () {
    var elapsed = Date.now() - this.started;
    var doc = null;
    try {
      doc = this.frame.contentDocument;
    } catch (crossOrigin) {
      doc = null;
    }
    if (doc && doc.querySelector(REFUSED)) return this.fail("page");
    if (doc && doc.querySelector(READY)) return this.ready(doc);
    if (doc && doc.querySelector(FAILED)) return this.fail("error");
    if (elapsed > GIVE_UP_AFTER_MS) return this.fail("timeout");
    if (elapsed > SLOW_AFTER_MS && this.element.getAttribute("data-ht-state") === "loading") {
      this.status.textContent = this.words.loading[this.kindOfWords] + " " + this.words.slow;
      this.element.setAttribute("data-ht-state", "loading-slow");
    }
  };

  Slot.prototype.stop = function () {
    window.clearInterval(this.timer);
    var done = this.done;
    this.done = null;
    if (done) done();
  };

  Slot.prototype.ready = function (doc) {
    var slot = this;
    var frame = this.frame;
    var style = doc.createElement("style");
    style.textContent =
      "html,body{margin:0!important;padding:0!important;background:transparent!important}" +
      "#rendered_cells,#rendered_cells>div{padding:0!important;margin:0!important}";
    doc.head.appendChild(style);
    // The book's light or dark theme (the reader's choice, or the system's) goes to the
    // table in the frame, which draws itself by it (hearts_teach_widgets.style).
    var theme = function () {
      var chosen = document.documentElement.getAttribute("data-theme");
      if (chosen) doc.documentElement.setAttribute("data-ht-theme", chosen);
    };
    theme();
    new MutationObserver(theme).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["data-theme"],
    });
    frame.removeAttribute("aria-hidden");
    frame.removeAttribute("tabindex");
    this.element.classList.add("ht-live-on");
    this.say("ready", this.words.ready[this.kindOfWords]);
    // The frame is as tall as the widget: the bottom of the outermost widget, measured
    // in the frame's document (the page around it may grow with the frame, the widget not).
    var fit = function () {
      var root = doc.querySelector(".ht-root");
      if (!root) return;
      var bottom = root.getBoundingClientRect().bottom + (frame.contentWindow.scrollY || 0);
      var height = Math.ceil(bottom) + 12;
      if (height > 40 && Math.abs(height - frame.offsetHeight) > 2) frame.style.height = height + "px";
    };
    // The frame is as tall as the table, so the hand's "sticky" place (pinned to the
    // bottom of the screen on a phone: hearts_teach_widgets.style) would be the bottom of
    // its scroll box in the frame, off the screen: each pinned part is told how far below
    // the screen that bottom is, and keeps that far above it, over the table, while the
    // table is in view.
    var scrollBox = function (element) {
      for (var e = element.parentElement; e && e !== doc.documentElement; e = e.parentElement) {
        if (doc.defaultView.getComputedStyle(e).overflowY !== "visible") return e;
      }
      return null;
    };
    var pin = function () {
      var box = frame.getBoundingClientRect();
      doc.querySelectorAll(".ht-main>.ht-hand,.ht-main>.ht-refusal-box").forEach(function (part) {
        // Pinned on a phone only (the table's style makes the part sticky there): on a
        // wider table the part is in the flow, or placed relative to it, and an offset
        // would lift it over the table.
        if (doc.defaultView.getComputedStyle(part).position !== "sticky") {
          if (part.style.getPropertyValue("bottom")) part.style.removeProperty("bottom");
          return;
        }
        var scroller = scrollBox(part);
        var bottom = scroller ? box.top + scroller.getBoundingClientRect().bottom : box.bottom;
        var below = Math.max(0, Math.round(bottom - window.innerHeight));
        if (part.style.getPropertyValue("bottom") !== below + "px") {
          part.style.setProperty("bottom", below + "px", "important");
        }
      });
    };
    // On a phone the table's focus goes to its note, under the pinned hand: the browser
    // scrolled the page until the note showed, and the trick (the cards to answer) went up
    // under the site's header. After that focus the page is scrolled back so that the
    // table's top is just under the header: the trick is then on the screen, over the
    // hand pinned at its bottom.
    var header = function () {
      // the bar the theme keeps at the screen's top (sticky or fixed), if any
      var e = document.elementFromPoint(window.innerWidth / 2, 1);
      for (; e && e !== document.body; e = e.parentElement) {
        var position = window.getComputedStyle(e).position;
        if (position === "sticky" || position === "fixed") {
          return Math.max(0, e.getBoundingClientRect().bottom);
        }
      }
      return 0;
    };
    var reveal = function () {
      var hand = doc.querySelector(".ht-main>.ht-hand");
      var felt = doc.querySelector(".ht-main>.ht-felt-box");
      if (!hand || !felt || doc.defaultView.getComputedStyle(hand).position !== "sticky") return;
      var top = frame.getBoundingClientRect().top + felt.getBoundingClientRect().top;
      var shift = Math.round(top - header() - 4);
      if (Math.abs(shift) > 2) window.scrollBy(0, shift);
      pin();
    };
    doc.addEventListener("focusin", function (event) {
      var target = event.target;
      if (!target || !target.closest || !target.closest(".ht-main .ht-note")) return;
      window.requestAnimationFrame(reveal);
    });
    var fitAndPin = function () {
      fit();
      pin();
    };
    fitAndPin();
    window.addEventListener("scroll", pin, { passive: true });
    window.addEventListener("resize", pin);
    var Observer = frame.contentWindow && frame.contentWindow.ResizeObserver;
    if (Observer) new Observer(fitAndPin).observe(doc.querySelector(".ht-root"));
    window.setInterval(fitAndPin, 1000);
    if (this.kind === "playground") this.followLanguage(doc);
    this.stop();
    window.setTimeout(function () {
      slot.status.classList.add("ht-live-status-quiet");
    }, 4000);
  };

  // The playground's language switch changes the whole page: once the playground speaks
  // the other language (its marker, .ht-page), the reader goes to the twin page with the
  // address the frame keeps (the game goes on there), so that the book around the table
  // speaks it too and a reload keeps it.
  Slot.prototype.followLanguage = function (doc) {
    var slot = this;
    var twin = document.querySelector("a.ht-twin-link[hreflang]");
    if (!twin) return;
    var check = function () {
      var marker = doc.querySelector(".ht-page[data-lang]");
      var lang = marker && marker.getAttribute("data-lang");
      if (!lang || lang === slot.lang || lang !== twin.getAttribute("hreflang")) return;
      // Once: the marker changes in several mutations, and a second assign would abort
      // the first navigation (the reader lands all the same, but twice).
      if (slot.leaving) return;
      slot.leaving = true;
      var page = twin.href.split("#")[0].split("?")[0];
      window.location.assign(page + window.location.search);
    };
    var Observer = this.frame.contentWindow && this.frame.contentWindow.MutationObserver;
    if (Observer) {
      new Observer(check).observe(doc.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ["data-lang"],
      });
    }
    window.setInterval(check, 1000);
  };

  Slot.prototype.fail = function (reason) {
    var state = this.element.getAttribute("data-ht-state");
    if (state === "failed" || state === "ready") return;
    var message = fill(this.words.failed[this.kindOfWords], {
      reason: this.words.reasons[reason] || reason,
    });
    this.say("failed", message);
    if (this.frame) {
      this.frame.remove(); // frees this slot's Python
      this.frame = null;
    }
    this.stop();
  };

  // Slots start one at a time, in the page's order. Each slot's HTML ends with a line
  // that hands it over as soon as the browser has read it (window.htLive.add), so the
  // first frame starts loading while the rest of the page still does; any slot missed
  // that way is picked up once the page is read.
  var waiting = [];
  var running = false;

  function next() {
    var slot = waiting.shift();
    running = Boolean(slot);
    if (slot) slot.start(next);
    else keepForOffline();
  }

  // Once the page's slots are live (or at once on a page without one, when it has
  // loaded), the book's service worker (sw.js at the site's root, book/_ext/offline)
  // keeps the whole edition in the browser, so that the book reads and plays with the
  // network off: asked for after the slots, its download never delays the first deal.
  var offlineAsked = false;
  var OFFLINE_SCOPES = ["book/", "lite/"];
  function keepForOffline() {
    if (offlineAsked || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    offlineAsked = true;
    var worker = new URL(siteRoot() + "sw.js", document.baseURI).href;
    // One worker, registered for the book's pages and for the playable pages' folder,
    // but not for the site's root: a playable page (JupyterLite) that finds a worker
    // whose scope covers the worker's own address takes it for its own, and sends it
    // its file system's requests, which this worker does not serve.
    Promise.all(
      OFFLINE_SCOPES.map(function (scope) {
        return navigator.serviceWorker.register(worker, { scope: siteRoot() + scope });
      })
    )
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function () {
        return window.fetch(siteRoot() + "lite/jupyter-lite.json");
      })
      .then(function (response) {
        return response.json();
      })
      .then(function (config) {
        // A playable page (JupyterLite) that finds itself under a service worker it has
        // not met in this version unregisters every worker of the site, this one
        // included, unless this key names its version: it has then met it.
        var version = config["jupyter-config-data"].appVersion;
        if (version) window.localStorage.setItem(worker + "-version", version);
      })
      .catch(function () {
        // A site served without its worker (or a browser that refuses it) still reads online.
      });
  }
  window.addEventListener("load", function () {
    if (!running && !waiting.length) keepForOffline();
  });

  function add(element) {
    if (!element || element.htLiveSlot || !element.hasAttribute("data-ht-live")) return;
    element.htLiveSlot = new Slot(element);
    waiting.push(element.htLiveSlot);
    if (!running) next();
  }

  window.htLive = { add: add };
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-ht-live]"), add);
  });
})();
