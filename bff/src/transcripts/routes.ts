import { assignTranscript, completeTranscript, getTranscriptAssignees, TRANSCRIPT_TEXT } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import * as store from './store.js';

/**
 * Transcript Queues (000 §2.4 'Billing Utility'; decisions.md "Transcript Queues"): the store checks each
 * transcript's patient against the caller's scope (404), its state (409) and the assignee (400).
 */
export function transcriptRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getTranscriptAssignees, async ({ query, auth }) => ({
    data: await store.transcriptAssignees(db, auth, query.transcript_id),
  }));

  registerCall(app, deps, assignTranscript, async ({ body, auth, req }) => {
    const who = actor(auth, req.ip, clock.now());
    await store.assignTranscript(db, who, auth, body.transcript_id, body.assigned_to);
    return { message: TRANSCRIPT_TEXT.assigned };
  });

  registerCall(app, deps, completeTranscript, async ({ body, auth, req }) => {
    const who = actor(auth, req.ip, clock.now());
    const data = await store.completeTranscript(db, who, auth, body.transcript_id, body.transcript);
    return { message: TRANSCRIPT_TEXT.completed, data };
  });
}
