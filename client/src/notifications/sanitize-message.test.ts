import { describe, expect, it } from 'vitest';
import { sanitizeMessages } from './sanitize-message';

describe('sanitizeMessages', () => {
  it.each([
    ['<b>Ann Lee</b> Systolic 182 mmHg', '<b>Ann Lee</b> Systolic 182 mmHg'],
    [
      '<strong>a</strong><em>b</em><i>c</i><u>d</u><br>e',
      '<strong>a</strong><em>b</em><i>c</i><u>d</u><br>e',
    ],
    ['<script>alert(1)</script>High', 'High'],
    ['<img src=x onerror="alert(1)">Low', 'Low'],
    ['<a href="javascript:alert(1)">open</a>', 'open'],
    ['<b onclick="steal()" style="color:red">x</b>', '<b>x</b>'],
    ['<div><p>para</p></div>', 'para'],
    ['<iframe src="https://evil.test"></iframe>ok', 'ok'],
    ['plain &amp; text', 'plain &amp; text'],
  ])('%s → %s', async (html, expected) => {
    expect(await sanitizeMessages([html])).toEqual([expected]);
  });
});
