import {
  addInterpretationTemplate,
  MSG,
  setInterpretationTemplateActive,
  updateInterpretationTemplate,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { createTemplate, editorOf, setTemplateActive, updateTemplate } from './template-store.js';

/** Custom Interpretation Config's writes: create, edit, deactivate/activate, each audited. */
export function templateRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, addInterpretationTemplate, async ({ auth, body, req, headers }) => {
    const editor = await editorOf(db, { auth }, actor(auth, req.ip, clock.now()));
    return addedOnce(
      db,
      auth.userId,
      addInterpretationTemplate,
      headers['idempotency-key'],
      editor.actor.at,
      (trx) => createTemplate(trx, editor, body),
    );
  });

  registerCall(app, deps, updateInterpretationTemplate, async ({ auth, body, req }) => {
    const { template_id, ...fields } = body;
    await updateTemplate(
      db,
      await editorOf(db, { auth }, actor(auth, req.ip, clock.now())),
      template_id,
      fields,
    );
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, setInterpretationTemplateActive, async ({ auth, body, req }) => {
    const editor = await editorOf(db, { auth }, actor(auth, req.ip, clock.now()));
    await setTemplateActive(db, editor, body.template_id, body.active);
    return { message: body.active ? 'Template activated.' : 'Template deactivated.' };
  });
}
