const INDENT = '  ';

/** Where a container that holds nothing closes: the index of its closing bracket, or -1. */
function emptyContainerEnd(text: string, open: number): number {
  let i = open + 1;
  while (i < text.length && /\s/.test(text[i]!)) i += 1;
  return text[i] === (text[open] === '{' ? '}' : ']') ? i : -1;
}

/**
 * A JSON document indented two spaces a level, or null when it is not valid JSON.
 * It re-indents the text itself instead of printing a parsed value, so every
 * number, escape and key order stays exactly as written (a parsed number past
 * 2^53 would not).
 */
export function formatJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const out: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => out.push('\n', INDENT.repeat(depth));
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (inString) {
      out.push(c);
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        out.push(c);
        break;
      case '{':
      case '[': {
        const end = emptyContainerEnd(text, i);
        if (end >= 0) {
          out.push(c, text[end]!);
          i = end;
        } else {
          depth += 1;
          out.push(c);
          newline();
        }
        break;
      }
      case '}':
      case ']':
        depth -= 1;
        newline();
        out.push(c);
        break;
      case ',':
        out.push(c);
        newline();
        break;
      case ':':
        out.push(': ');
        break;
      case ' ':
      case '\t':
      case '\n':
      case '\r':
        break;
      default:
        out.push(c);
    }
  }
  return out.join('');
}
