// The part of pdfmake 0.3's API this project uses. The usual advice is the types of `pdfmake/interfaces.js`, which
// come from @types/pdfmake; that package is not installed here, so these few declarations stand in for it.
declare module 'pdfmake' {
  export type Margins = number | [number, number] | [number, number, number, number];
  export type Alignment = 'left' | 'right' | 'center' | 'justify';

  export interface Style {
    font?: string;
    fontSize?: number;
    bold?: boolean;
    italics?: boolean;
    color?: string;
    fillColor?: string;
    alignment?: Alignment;
    margin?: Margins;
    noWrap?: boolean;
    lineHeight?: number;
  }

  export interface ContentText extends Style {
    text: string | Content[];
    style?: string | string[];
  }

  export interface TableLayout {
    hLineWidth?: (i: number, node: { table: { body: unknown[][] } }) => number;
    vLineWidth?: (i: number) => number;
    hLineColor?: (i: number) => string;
    fillColor?: (rowIndex: number) => string | null;
    paddingLeft?: (i: number) => number;
    paddingRight?: (i: number) => number;
    paddingTop?: (i: number) => number;
    paddingBottom?: (i: number) => number;
  }

  export interface ContentTable extends Style {
    table: {
      headerRows?: number;
      widths?: (number | '*' | 'auto')[];
      body: Content[][];
      dontBreakRows?: boolean;
    };
    layout?: 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines' | TableLayout;
  }

  export interface ContentColumns extends Style {
    columns: Content[];
    columnGap?: number;
  }

  export interface ContentStack extends Style {
    stack: Content[];
  }

  export type CanvasElement =
    | { type: 'polyline'; points: { x: number; y: number }[]; lineWidth?: number; lineColor?: string }
    | { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth?: number; lineColor?: string }
    | { type: 'ellipse'; x: number; y: number; r1: number; r2: number; color?: string };

  export interface ContentCanvas extends Style {
    canvas: CanvasElement[];
  }

  export type Content =
    | string
    | Content[]
    | ContentText
    | ContentTable
    | ContentColumns
    | ContentStack
    | ContentCanvas;

  export type DynamicContent = (currentPage: number, pageCount: number) => Content;

  export interface DocDefinition {
    pageSize?: 'LETTER' | 'A4' | 'LEGAL';
    pageOrientation?: 'portrait' | 'landscape';
    pageMargins?: Margins;
    info?: { title?: string; author?: string; subject?: string; creator?: string; producer?: string };
    defaultStyle?: Style;
    styles?: Record<string, Style>;
    content: Content;
    header?: Content | DynamicContent;
    footer?: Content | DynamicContent;
  }

  export interface FontDescriptor {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }

  export interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }

  interface PdfMake {
    addFonts(fonts: Record<string, FontDescriptor>): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    createPdf(doc: DocDefinition, options?: object): OutputDocument;
  }

  const pdfmake: PdfMake;
  export default pdfmake;
}
