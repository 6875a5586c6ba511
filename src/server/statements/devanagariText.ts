/**
 * Text copied out of a Hindi PDF reads as it was written (docs/decisions.md, "The KFS and agreement in
 * Hindi"). A PDF reader finds a glyph's text in the font's ToUnicode map, one text per glyph code.
 * pdfkit writes there the code points fontkit stored with the glyph the first time it was drawn, and
 * fontkit keeps one glyph object per glyph id for the font's life: a shape shared by two letters (the
 * "ा" that also draws half of "ो", the mark that completes "ई") then reads as the first letter it drew,
 * and the "ि" drawn before its consonant reads before it. Here each shaped cluster's letters, as
 * fontkit's shaper tracked them for this very run, are dealt out to its glyphs in the order they are
 * drawn, and each glyph with a text of its own gets a code of its own (the same outline, copied in the
 * font's subset), so every glyph code has one text.
 */
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface Run {
  glyphs: Glyph[];
  positions: object[];
}
/** The parts of fontkit's layout engine and pdfkit's embedded font this reads (neither types them). */
interface ShapingEngine {
  glyphInfos: { codePoints: number[] }[] | null;
  cleanup(): void;
  /** The code points of each glyph of the last run, in its order (set here). */
  lastCodePoints?: number[][] | undefined;
}
interface EmbeddedFont {
  font: { _layoutEngine: { engine?: ShapingEngine } };
  subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(id: number): number };
  scale: number;
  widths: number[];
  unicode: number[][];
  layoutRun(text: string, features?: unknown): Run;
  encode(text: string, features?: unknown): [string[], object[]];
}

/** What a glyph that draws part of a letter another glyph already gives reads as: nothing (WORD JOINER). */
const NOTHING = 0x2060;

const keeping = new WeakSet<ShapingEngine>();

/** Keeps the code points of each glyph of the last run, which fontkit forgets when the run is done. */
function keepCodePoints(engine: ShapingEngine) {
  if (keeping.has(engine)) return;
  keeping.add(engine);
  const cleanup = engine.cleanup.bind(engine);
  engine.cleanup = () => {
    engine.lastCodePoints = engine.glyphInfos?.map((info) => [...info.codePoints]);
    cleanup();
  };
}

const sameLetters = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * Each glyph's text: the glyphs are cut into the shortest runs whose letters are the source's next
 * letters (in any order), and each run's letters are given to its glyphs in drawing order, each as many
 * as it drew. Where fontkit's letters are not the source's (never seen), the glyphs keep their own.
 */
function glyphTexts(text: string, drawn: number[][]): number[][] {
  const source = Array.from(text, (letter) => letter.codePointAt(0) as number);
  const texts: number[][] = [];
  let at = 0;
  let first = 0;
  while (first < drawn.length) {
    const letters: number[] = [];
    let last = first;
    for (; last < drawn.length; last += 1) {
      letters.push(...(drawn[last] as number[]));
      if (sameLetters(letters, source.slice(at, at + letters.length))) break;
    }
    if (last === drawn.length) return [...texts, ...drawn.slice(first)];
    for (let glyph = first; glyph <= last; glyph += 1) {
      const count = (drawn[glyph] as number[]).length;
      texts.push(source.slice(at, at + count));
      at += count;
    }
    first = last + 1;
  }
  return texts;
}

/** Makes a document's embedded font give every glyph code the text it draws there. */
function faithful(embedded: EmbeddedFont) {
  const engine = embedded.font._layoutEngine.engine;
  if (!engine) return;
  keepCodePoints(engine);
  /** Each word's shaped run with its glyphs' letters, as pdfkit caches each word's run. */
  const runs = new Map<string, Run & { letters: number[][] }>();
  const shaped = (word: string) => {
    let run = runs.get(word);
    if (!run) {
      engine.lastCodePoints = undefined;
      const { glyphs, positions } = embedded.layoutRun(word);
      const drawn = engine.lastCodePoints as number[][] | undefined;
      const letters = drawn?.length === glyphs.length ? drawn : glyphs.map((glyph) => glyph.codePoints);
      run = { glyphs, positions, letters };
      runs.set(word, run);
    }
    return run;
  };
  /** A glyph code per outline and text; the first for an outline is the outline's own. */
  const codes = new Map<string, number>();
  const codeOf = (glyph: Glyph, text: number[]) => {
    const key = `${glyph.id}:${text.join(',')}`;
    let code = codes.get(key);
    if (code === undefined) {
      const { subset } = embedded;
      if (subset.mapping[glyph.id] === undefined) code = subset.includeGlyph(glyph.id);
      else code = subset.glyphs.push(glyph.id) - 1;
      codes.set(key, code);
      embedded.widths[code] = glyph.advanceWidth * embedded.scale;
      embedded.unicode[code] = text.length > 0 ? text : [NOTHING];
    }
    return code;
  };
  const encode = embedded.encode.bind(embedded);
  embedded.encode = (text, features) => {
    // Features asked for by name are pdfkit's own path (never asked for by these documents).
    if (features) return encode(text, features);
    const glyphs: Glyph[] = [];
    const positions: object[] = [];
    const drawn: number[][] = [];
    // Word by word with its following space, as pdfkit lays out and caches text.
    for (const word of text.match(/[^ \t]*[ \t]?/g) ?? []) {
      if (!word) continue;
      const run = shaped(word);
      glyphs.push(...run.glyphs);
      positions.push(...run.positions);
      drawn.push(...run.letters);
    }
    const texts = glyphTexts(text, drawn);
    const codes = glyphs.map((glyph, index) => codeOf(glyph, texts[index] ?? glyph.codePoints));
    return [codes.map((code) => `0000${code.toString(16)}`.slice(-4)), positions];
  };
}

/** Registers the document's fonts (both weights) so that text copied out of them is the text drawn. */
export function faithfulFonts(doc: Doc, names: string[]) {
  for (const name of names) {
    doc.font(name);
    faithful((doc as unknown as { _font: EmbeddedFont })._font);
  }
}
