/**
 * Vite warns "A PostCSS plugin did not pass the `from` option to `postcss.parse`" whenever a CSS
 * declaration has no source file. postcss-modules makes such declarations for every
 * `composes: … from "other.module.css"` (its `:import` rules), so each build printed the warning
 * although nothing was wrong. This plugin, which runs after postcss-modules and before Vite's URL
 * rewriting, gives those declarations their stylesheet as source: the warning is left for real cases.
 */

/** The little of PostCSS's node shapes this needs (PostCSS comes with Vite; it is not a dependency of ours). */
interface Source {
  input: { file?: string };
}
interface Root {
  source?: Source;
  walkDecls(visit: (declaration: { source?: Partial<Source> }) => void): void;
}

export function cssModuleSources() {
  return {
    postcssPlugin: 'kosh-css-module-sources',
    OnceExit(root: Root) {
      const source = root.source;
      if (!source?.input.file) return;
      root.walkDecls((declaration) => {
        if (!declaration.source?.input?.file) declaration.source = { ...declaration.source, input: source.input };
      });
    },
  };
}
