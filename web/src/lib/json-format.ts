const INDENT = '  ';

/** Where a container that holds nothing closes: the index of its closing bracket, or -1. */
function emptyContainerEnd(text: string, open: number): number {
  let i = open + 1;
  while (i < text.length && /\s/.test(text[i]!)) i += 1;
  return text[i] === (text[open] === '{' ? '}' : ']') ? i : -1;
}

/** An indented document may grow to this many times its text: past it (deep nesting around long lists), it is shown as written. */
const MAX_GROWTH = 4;

/**
 * A JSON document indented two spaces a level, or null when it is not valid JSON.
 * It re-indents the text itself instead of printing a parsed value, so every
 * number, escape and key order stays exactly as written (a parsed number past
 * 2^53 would not). A document whose indentation would make it more than
 * MAX_GROWTH times as long comes back as written: every comma at a depth of a
 * thousand would add two thousand spaces.
 */
export function formatJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const out: string[] = [];
  const room = Math.max(text.length * MAX_GROWTH, 4096);
  let length = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => {
    length += 1 + INDENT.length * depth;
    out.push('\n', INDENT.repeat(depth));
  };
  for (let i = 0; i < text.length; i += 1) {
    if (length > room) return text;
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
