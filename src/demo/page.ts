// The demo's HTML page: a shell that loads one stylesheet and one module script, both from its own origin.

/** The paths the page loads, all under the server's own origin. */
export const DEMO_ASSET_PATHS = Object.freeze({
  app: '/assets/demo.js',
  styles: '/assets/demo.css',
  sinks: '/assets/airlock-sinks.js',
});

/**
 * The page: no inline script, no inline style, no event-handler attributes, so it runs under a CSP without
 * `'unsafe-inline'`. The module script renders the conversation into `#demo` once it has fetched it.
 */
export const DEMO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Airlock demo — hostile tool output in a chat UI</title>
<link rel="stylesheet" href="${DEMO_ASSET_PATHS.styles}">
<script type="module" src="${DEMO_ASSET_PATHS.app}"></script>
</head>
<body>
<main id="demo" aria-busy="true"><p class="notice">Loading the conversation…</p></main>
<noscript><p class="notice">The demo renders tool output with JavaScript: enable it for this page.</p></noscript>
</body>
</html>
`;
