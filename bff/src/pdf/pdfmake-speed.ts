import { createRequire } from 'node:module';

/**
 * pdfmake 0.3's style lookup made cheaper without changing its answers (decisions.md "pdfmake's style lookup"): a
 * word without a named style no longer pushes itself on the style stack for each of some 25 properties.
 */

/** The pdfmake version whose internals this module knows. */
export const PATCHED_PDFMAKE = /^0\.3\./;

type Style = Record<string, unknown> & { extends?: string | string[] };
type Item = Record<string, unknown> | string;

interface StyleStack {
  styleDictionary: Record<string, Style | undefined>;
  defaultStyle?: Record<string, unknown>;
  styleOverrides: Item[];
  autopush(item: Item): number;
  pop(howMany?: number): void;
  getProperty(property: string): unknown;
}

interface StyleStackClass {
  prototype: StyleStack;
  getStyleProperty(
    item: Item,
    stack: StyleStack | undefined,
    property: string,
    defaultValue: unknown,
  ): unknown;
}

const isValue = (value: unknown) => value !== undefined && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string' || value instanceof String;

/** A named style's property, through the styles it extends (the last first), each style once. */
function fromStyle(
  dictionary: StyleStack['styleDictionary'],
  name: string,
  property: string,
  visited?: Set<string>,
): unknown {
  if (visited?.has(name)) return undefined;
  const style = dictionary[name];
  if (!style) return undefined;
  if (isValue(style[property])) return style[property];
  if (style.extends) {
    const seen = visited ?? new Set<string>();
    seen.add(name);
    const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
    for (let i = parents.length - 1; i >= 0; i--) {
      const value = fromStyle(dictionary, parents[i] as string, property, seen);
      if (isValue(value)) return value;
    }
  }
  return undefined;
}

function getProperty(this: StyleStack, property: string): unknown {
  const overrides = this.styleOverrides;
  if (overrides) {
    for (let i = overrides.length - 1; i >= 0; i--) {
      const item = overrides[i] as Item;
      if (isString(item)) {
        const value = fromStyle(this.styleDictionary, item, property);
        if (isValue(value)) return value;
      } else if (isValue(item[property])) return item[property];
    }
  }
  return this.defaultStyle?.[property];
}

const require = createRequire(import.meta.url);
let installed: (() => void) | null = null;

/** Installs the change (once); false when pdfmake is not the version it was written for. */
export function installPdfmakeSpeedups(): boolean {
  if (installed) return true;
  const { version } = require('pdfmake/package.json') as { version: string };
  if (!PATCHED_PDFMAKE.test(version)) return false;
  const stackClass = (require('pdfmake/js/StyleContextStack.js') as { default: StyleStackClass }).default;
  const proto = stackClass.prototype;
  const original = { getProperty: proto.getProperty, getStyleProperty: stackClass.getStyleProperty };
  proto.getProperty = getProperty;
  stackClass.getStyleProperty = (item, stack, property, defaultValue) => {
    if (isValue((item as Record<string, unknown>)[property]))
      return (item as Record<string, unknown>)[property];
    if (!stack) return defaultValue;
    // pdfmake pushes the item, asks the stack, and pops it. The item does not hold the property (asked above), so
    // pushed alone it adds nothing: only its named styles, if any, need the push.
    const plain = isString(item) || item.section !== undefined || !item.style;
    const pushed = plain ? 0 : stack.autopush(item);
    const value = stack.getProperty(property);
    if (pushed > 0) stack.pop(pushed);
    return isValue(value) ? value : defaultValue;
  };
  installed = () => {
    proto.getProperty = original.getProperty;
    stackClass.getStyleProperty = original.getStyleProperty;
    installed = null;
  };
  return true;
}

/** Takes the change out again (tests only: they compare pdfmake's answers with and without). */
export function uninstallPdfmakeSpeedups(): void {
  installed?.();
}
