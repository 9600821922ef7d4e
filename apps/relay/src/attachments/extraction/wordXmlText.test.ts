import { describe, expect, it } from 'vitest';
import { createTextSink } from './textSink';
import { createWordXmlReader } from './wordXmlText';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function wordText(body: string, sliceChars = 7): string {
  const sink = createTextSink(1_000_000);
  const reader = createWordXmlReader(sink);
  const xml = `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`;
  // Fed in small slices, as it arrives from the zip: elements and entities split across writes.
  for (let start = 0; start < xml.length; start += sliceChars) reader.write(xml.slice(start, start + sliceChars));
  reader.end();
  return sink.finish().text;
}

const paragraph = (...runs: string[]): string => `<w:p>${runs.map((run) => `<w:r>${run}</w:r>`).join('')}</w:p>`;

describe('WordprocessingML to text', () => {
  it('[ATT4] paragraphs are lines; w:tab is a tab, w:br and w:cr break the line', () => {
    const body =
      paragraph('<w:t>Alice &amp; Bob</w:t>') +
      paragraph('<w:t xml:space="preserve">one </w:t>', '<w:tab/>', '<w:t>two</w:t><w:br/><w:t>three</w:t>') +
      paragraph('<w:t>four</w:t><w:cr/><w:t>five</w:t>');
    expect(wordText(body)).toBe('Alice & Bob\none \ttwo\nthree\nfour\nfive');
  });

  it('[ATT4] tab stops in paragraph properties, field codes and deleted text are not text', () => {
    const properties = '<w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>';
    const body =
      `<w:p>${properties}<w:r><w:t>Carol</w:t></w:r><w:r><w:instrText> PAGE </w:instrText></w:r></w:p>` +
      paragraph('<w:delText>removed</w:delText>', '<w:t>kept</w:t>');
    expect(wordText(body)).toBe('Carol\nkept');
  });

  it('[ATT4] table cells are separated by tabs and each row is a line, empty cells included', () => {
    const cell = (text: string): string => `<w:tc>${text === '' ? '<w:p/>' : paragraph(`<w:t>${text}</w:t>`)}</w:tc>`;
    const row = (...cells: string[]): string => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const twoParagraphCell = `<w:tc>${paragraph('<w:t>first</w:t>')}${paragraph('<w:t>second</w:t>')}</w:tc>`;
    const body =
      paragraph('<w:t>Before</w:t>') +
      `<w:tbl>${row('name', 'role')}${row('alice', '')}<w:tr>${cell('bob')}${twoParagraphCell}</w:tr></w:tbl>` +
      paragraph('<w:t>After</w:t>');
    expect(wordText(body)).toBe('Before\nname\trole\nalice\t\nbob\tfirst second\nAfter');
  });
});
