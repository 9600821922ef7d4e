import { describe, expect, it } from 'vitest';
import { extractHtmlText } from './htmlText';
import { createTextSink } from './textSink';

function htmlText(html: string, maxChars = 1_000_000): { text: string; truncated: boolean } {
  const sink = createTextSink(maxChars);
  extractHtmlText(Buffer.from(html), sink);
  return sink.finish();
}

describe('HTML to readable text', () => {
  it('[ATT4] whitespace collapses, entities decode, blocks and <br> break lines', () => {
    const html = `<div>  Alice
      said   <b>hello</b>&nbsp;&amp;&#x20AC;5 </div><p>Bob<br>Carol<br><br>Dan</p>  <span>end</span>`;
    expect(htmlText(html).text).toBe('Alice said hello &€5\nBob\nCarol\n\nDan\nend');
  });

  it('[ATT4] script, style, noscript and template contents are never text', () => {
    const html =
      '<head><style>p { color: red }</style><script>var x = "<p>not text</p>";</script></head>' +
      '<body><noscript>Enable JavaScript</noscript><template><p>hidden</p></template><p>visible</p></body>';
    expect(htmlText(html).text).toBe('visible');
  });

  it('[ATT4] <pre> keeps its whitespace and table cells are separated by tabs', () => {
    const html =
      '<pre>a  b\n  c</pre><table><tr><th>name</th><th>role</th></tr><tr><td>alice</td><td>lead</td></tr></table>';
    expect(htmlText(html).text).toBe('a  b\n  c\nname\trole\nalice\tlead');
  });

  it('[ATT4] a page longer than the limit stops early and is cut to an exact prefix', () => {
    const paragraphs = Array.from({ length: 50_000 }, (_, index) => `<p>paragraph ${index}</p>`).join('');
    const full = htmlText(paragraphs).text;
    expect(htmlText(paragraphs, 100)).toEqual({ text: full.slice(0, 100), truncated: true });
  });
});
