import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from './markdown';

/** The elements of an HTML text: what a browser would build, not text that merely looks like markup. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((match) => match[1]);
/** The attribute names in an HTML text's elements, once quoted values (which may contain anything) are emptied. */
const attributesOf = (html: string) =>
  [...html.replace(/"[^"]*"/g, '""').matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) =>
    [...tag[0].matchAll(/\s([a-z-]+)=/gi)].map((match) => match[1]),
  );

describe('renderMarkdown', () => {
  it('renders the common Markdown people write', () => {
    const html = renderMarkdown(
      '# Titre\n\nUn **atelier** _pratique_ :\n\n- un\n- deux\n\n[Lien](https://escale.example/a)',
    );
    expect(html).toContain('<h2>Titre</h2>');
    expect(html).toContain('<strong>atelier</strong>');
    expect(html).toContain('<em>pratique</em>');
    expect(html).toContain('<li>deux</li>');
    expect(html).toContain(
      '<a href="https://escale.example/a" rel="noopener noreferrer nofollow ugc" target="_blank">Lien</a>',
    );
  });

  it('keeps site-relative links in the same tab', () => {
    expect(renderMarkdown('[Rechercher](/search)')).toBe('<p><a href="/search">Rechercher</a></p>\n');
  });

  it('shows raw HTML and script as text, never as markup', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<b onclick="x()">b</b>',
    );
    expect(tagsOf(html)).toEqual(['p', 'p', 'p']);
    expect(attributesOf(html)).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](//evil.example/)',
    '<javascript:alert(1)>',
  ])('drops the dangerous link in %s', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/href=/i);
    expect(html).not.toMatch(/<a\b/i);
  });

  it('keeps https images with their alt text and drops the others', () => {
    expect(renderMarkdown('![Salle](https://escale.example/a.jpg)')).toContain(
      '<img src="https://escale.example/a.jpg" alt="Salle" />',
    );
    expect(renderMarkdown('![x](http://evil.example/a.jpg)')).not.toContain('<img');
    expect(renderMarkdown('![x](data:image/svg+xml;base64,PHN2Zz4=)')).not.toContain('<img');
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toContain('<img');
  });

  it('refuses event-handler attributes smuggled through Markdown attributes or titles', () => {
    const html = renderMarkdown('[x](https://escale.example "a\\" onmouseover=\\"alert(1)")');
    expect(attributesOf(html)).toEqual(['href', 'title', 'rel', 'target']);
  });
});

describe('markdownToText', () => {
  it('gives the words without markup', () => {
    expect(markdownToText('# Titre\n\nUn **atelier** & <b>du</b> [lien](https://a.example)')).toBe(
      'Titre Un atelier & <b>du</b> lien',
    );
  });
});
