import { z } from 'zod';
import type { Config } from '../config.js';
import { unavailable, upstreamFailed } from '../domain-errors.js';

/** The translation provider's client: its failures are gateway refusals (502, 503), never the caller's 4xx. */

/** How long the provider may take before the Translate button gets an answer (decisions.md "Translate timeout"). */
const TRANSLATE_TIMEOUT_MS = 10_000;

export const TRANSLATION_NOT_CONFIGURED =
  'Translation is not available: no translation provider is configured on this server.';

const providerAnswer = z.object({ translatedText: z.string() });
const providerError = z.object({ error: z.string().max(300) });

/** Translates to English through a LibreTranslate-compatible provider; `source` '' lets it detect the language. */
export async function translateToEnglish(
  config: Pick<Config, 'TRANSLATE_API_URL' | 'TRANSLATE_API_KEY'>,
  text: string,
  source: string,
  timeoutMs = TRANSLATE_TIMEOUT_MS,
): Promise<string> {
  if (!config.TRANSLATE_API_URL) throw unavailable(TRANSLATION_NOT_CONFIGURED);
  let res: Response;
  try {
    res = await fetch(config.TRANSLATE_API_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: text,
        source: source || 'auto',
        target: 'en',
        format: 'text',
        ...(config.TRANSLATE_API_KEY ? { api_key: config.TRANSLATE_API_KEY } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = (err as { name?: string }).name === 'TimeoutError';
    throw upstreamFailed(
      timedOut
        ? `Translation failed: the translation provider did not answer within ${timeoutMs / 1000} seconds.`
        : 'Translation failed: the translation provider could not be reached.',
    );
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const reason = providerError.safeParse(json);
    throw upstreamFailed(
      `Translation failed: the translation provider answered ${res.status}${reason.success ? ` (${reason.data.error})` : ''}.`,
    );
  }
  const answer = providerAnswer.safeParse(json);
  if (!answer.success)
    throw upstreamFailed('Translation failed: the translation provider gave an answer we could not read.');
  return answer.data.translatedText;
}
