import { describe, expect, it } from 'vitest';
import { firstLoadScripts, grammarSignature, grammarsIn } from './appShell';

// The head of a Next.js static export, shortened: async scripts, a preload of one of them, a legacy
// `noModule` polyfill, inline payload scripts and a stylesheet.
const INDEX_HTML = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>
<link rel="modulepreload" href="./_next/static/chunks/module.js?v=2">
<link rel="preload" as="font" href="/_next/static/media/font.woff2"/>
<!-- <script src="/commented/out.js"></script> -->
<script src="/_next/static/chunks/webpack.js" async=""></script>
<script src='/_next/static/chunks/main.js' async></script>
<script src="/_next/static/chunks/polyfills.js" noModule=""></script>
<script>self.__next_f.push([1,"<script src=/not/a/tag.js>"])</script>
<SCRIPT SRC=/_next/static/chunks/page.js ASYNC></SCRIPT>
</head></html>`;

describe('the app shell of a build', () => {
  it('[BEN3] first load is every script tag and script preload, once each, without nomodule ones', () => {
    expect(firstLoadScripts(INDEX_HTML)).toEqual([
      '/_next/static/chunks/webpack.js',
      '/_next/static/chunks/main.js',
      '/_next/static/chunks/page.js',
      '/_next/static/chunks/module.js',
    ]);
  });

  it('[BEN4] a grammar is known by its display name, the last one its module writes', () => {
    const typescript =
      "function javascript(hljs) {\n  return {\n    name: 'JavaScript',\n  };\n}\nfunction typescript(hljs) {\n  Object.assign(tsLanguage, {\n    name: 'TypeScript',\n  });\n}";
    const signature = grammarSignature('typescript', typescript, []);
    expect(signature).toEqual({ id: 'typescript', marker: 'name:"TypeScript"' });
    const chunk =
      'e.s(["default",0,function(e){return{name:"JavaScript"}},function(e){return{name:"TypeScript",aliases:["ts"]}}])';
    expect(grammarsIn(chunk, [signature, { id: 'javascript', marker: 'name:"JavaScript"' }])).toEqual([
      'typescript',
      'javascript',
    ]);
    expect(grammarsIn('e.s(["default",0,{name:"TypeScriptish"}])', [signature])).toEqual([]);
  });

  it('[BEN4] a grammar without a name is known by a long literal no other grammar writes, never a folded one', () => {
    const php =
      "  const KEYWORDS = [ '__CLASS__', 'abstract' + 'ish', '__halt_compiler', 'include_once' ];\n  return { case_insensitive: false };";
    const others = ["  name: 'C', keywords: [ 'include_once' ]"];
    expect(grammarSignature('php', php, others)).toEqual({ id: 'php', marker: '"__halt_compiler"' });
    expect(() => grammarSignature('php', "  return { keywords: [ 'include_once' ] };", others)).toThrow(/php/);
  });
});
