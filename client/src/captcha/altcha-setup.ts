/**
 * Loads the ALTCHA widget (the `<altcha-widget>` custom element) in its CSP-friendly build: `altcha/external`
 * has no inline workers (the default build makes them from Blob URLs) and no injected styles; the proof-of-work
 * workers are emitted by Vite as files of our own origin, so `worker-src 'self'` is enough.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Argon2idWorker from 'altcha/workers/argon2id?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// Each worker file is fetched only when a challenge of its algorithm arrives.
for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(name, () => new ShaWorker());
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(name, () => new Pbkdf2Worker());
}
$altcha.algorithms.set('ARGON2ID', () => new Argon2idWorker());
$altcha.algorithms.set('SCRYPT', () => new ScryptWorker());
