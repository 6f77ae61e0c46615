// PageStyle.swift: the one stylesheet of bridge's own pages, the `--report` HTML files and the emulator's
// dashboard: a list a person scans (rows that wrap at word boundaries, long URLs broken only where they
// must be), cards for counts, badges for decisions and severities, readable from a phone's width to a
// desktop's, and printable. Written by hand, small, with no font or framework to download: both pages run
// under a Content-Security-Policy that loads nothing from elsewhere (the report inlines it, the dashboard
// serves it as its own file). A module of its own so the two pages' owners (CommandOutput, ProviderEmulator)
// share it without depending on each other.

package enum PageStyle {
    package static let stylesheet = #"""
:root { color-scheme: light dark; --fg: #1b1b1f; --muted: #5f6368; --line: #d7d9de; --card: #f5f6f8; --accent: #0b57d0;
  --allow: #146c2e; --cancel: #8c1d18; --warn: #7a5200; --diff: #fff1c2; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6ea; --muted: #a5a9b0; --line: #3a3d44; --card: #23252a; --accent: #8ab4f8;
  --allow: #7ddc93; --cancel: #f2a19b; --warn: #f0c36d; --diff: #4a3f16; } body { background: #16171a; } }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0 auto; padding: 1rem; max-width: 80rem; }
h1 { font-size: 1.35rem; margin: .2rem 0; overflow-wrap: anywhere; } h2 { font-size: 1.1rem; margin: 1.4rem 0 .5rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: .8rem 0 .3rem; overflow-wrap: anywhere; }
h1 small, .muted { color: var(--muted); font-weight: normal; }
a { color: var(--accent); } a:focus-visible, summary:focus-visible, button:focus-visible, tr:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
nav { display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .4rem 0 1rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .5rem; margin: .5rem 0; }
.card { background: var(--card); border-radius: .5rem; padding: .5rem .7rem; }
.card b { display: block; font-size: 1.3rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; word-break: normal; hyphens: none; }
td.word, span.word, .badge, th { white-space: nowrap; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
code, .url { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85em; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; border: 1px solid currentColor; white-space: nowrap; }
.allow, .pass { color: var(--allow); } .cancel, .fail, .error { color: var(--cancel); } .warning { color: var(--warn); } .note { color: var(--muted); }
.idn { font-size: .85em; color: var(--warn); }
.filter { margin: .3rem 0 .6rem; } .filter label { margin: 0 .6rem 0 .15rem; }
tr.difference td { background: var(--diff); }
details > summary { cursor: pointer; }
ul.plain { list-style: none; padding: 0; margin: 0; } ul.plain li { margin: .15rem 0; overflow-wrap: anywhere; }
.side-by-side { display: grid; grid-template-columns: 1fr; gap: 1rem; }
.timeline-part table { table-layout: fixed; } .timeline-part th:nth-child(1) { width: 3.5rem; } .timeline-part th:nth-child(2) { width: 4rem; }
.timeline-part th:nth-child(3) { width: 5.5rem; } .timeline-part th:nth-child(4) { width: 6rem; } .timeline-part td { overflow-wrap: anywhere; }
@media (min-width: 70rem) { body:has(.side-by-side) { max-width: none; } .side-by-side { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  .side-by-side table { table-layout: fixed; } .side-by-side th:nth-child(1) { width: 3rem; } .side-by-side th:nth-child(2) { width: 3.5rem; }
  .side-by-side th:nth-child(3) { width: 5rem; } .side-by-side th:nth-child(4) { width: 5.5rem; } .side-by-side td { overflow-wrap: anywhere; } }
img.shot { max-width: min(100%, 12rem); border: 1px solid var(--line); border-radius: .4rem; display: block; margin: .3rem 0; }
a.shot-link { cursor: zoom-in; } :target a.shot-link { cursor: default; } :target img.shot { max-width: 100%; }
tr[hidden] { display: none !important; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; background: var(--card); padding: .5rem; border-radius: .4rem; }
button, .button { font: inherit; padding: .3rem .7rem; border-radius: .4rem; border: 1px solid var(--line); background: var(--card); color: var(--fg); text-decoration: none; cursor: pointer; }
input[type=search] { font: inherit; padding: .3rem .5rem; width: 100%; max-width: 30rem; border: 1px solid var(--line); border-radius: .4rem; background: transparent; color: var(--fg); }
@media (max-width: 40rem) { body { padding: .6rem; } table.stack thead { display: none; } table.stack, table.stack tbody { display: block; } table.stack tr { display: block; border-bottom: 1px solid var(--line); padding: .3rem 0; }
  table.stack td, table.stack tbody th { display: block; border: 0; padding: .1rem .2rem; } table.stack tbody th { white-space: normal; } table.stack td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: .8rem; } }
@media print { nav, .no-print { display: none; } body { max-width: none; } details { display: block; } details > summary { list-style: none; }
  a { color: inherit; text-decoration: none; } tr { break-inside: avoid; } }
"""#
}
