import type { Plugin } from 'vite';

// `import Button from '@arco-design/web-react/es/Button'`, not `import type`.
const COMPONENT_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+['"]@arco-design\/web-react\/es\/([A-Z][A-Za-z]*)['"]/gm;
const ARCO_CSS = /[\\/]@arco-design[\\/]web-react[\\/]es[\\/].*\.css$/;

/**
 * Arco's CSS per component, with the component, instead of the whole 560 KB
 * sheet in the entry (decision 012): each chunk brings the styles of the
 * components it imports, and the login page parses only its own.
 *
 * Arco's rules go in the `arco` cascade layer, below every unlayered rule, so
 * the app's overrides win whichever chunk's sheet arrived last.
 */
export function arcoStyles(): Plugin {
  return {
    name: 'campus:arco-styles',
    enforce: 'pre',
    async transform(code, id) {
      if (ARCO_CSS.test(id)) return { code: `@layer arco {\n${code}\n}\n`, map: null };
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return null;
      const styles: string[] = [];
      for (const name of new Set(Array.from(code.matchAll(COMPONENT_IMPORT), (m) => m[1]))) {
        const style = `@arco-design/web-react/es/${name}/style/css.js`;
        if (await this.resolve(style, id)) styles.push(`import '${style}';`);
      }
      // On the first line, so the module's own lines keep their numbers.
      return styles.length ? { code: styles.join('') + code, map: null } : null;
    },
  };
}
