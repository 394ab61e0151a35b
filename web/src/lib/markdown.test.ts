import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, code and tables', () => {
    const root = parse(renderMarkdown('# Title\n\nSome *soft* and **bold** text.\n\n- one\n- two\n\n`code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'));
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('em')?.textContent).toBe('soft');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect(root.querySelector('td')?.textContent).toBe('1');
  });

  it('shows raw HTML as text and never as elements', () => {
    const root = parse(renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<b onclick="x()">hi</b>'));
    expect(root.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('drops script links and opens the others in a new tab without the opener', () => {
    const root = parse(renderMarkdown('[bad](javascript:alert(1)) [worse](data:text/html,x) [good](https://example.com/a)'));
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a']);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('loads no pictures: an image becomes its text', () => {
    const root = parse(renderMarkdown('![tracker](https://example.com/pixel.png)'));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('tracker');
  });
});
