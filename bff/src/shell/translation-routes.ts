import { translateText } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { translateToEnglish } from './translator.js';

/** The Translate button of the organisation forms (000 §2.10, §4.7, §7). */
export function translationRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, translateText, async ({ body }) => {
    const translatedText = await translateToEnglish(deps.config, body.translate_text, body.source);
    return { data: { translations: [{ translatedText }] } };
  });
}
