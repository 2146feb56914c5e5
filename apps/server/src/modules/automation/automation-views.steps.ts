// Rules' and macros' answers, with the actions whose queue, user, tag, lane, quick message or
// webhook endpoint is gone (a lane is gone too when its tag stops being one) (issue 40 bad input): the screen flags them, the engine skips them.
import type { ActionTarget, AutomationAction, AutomationRuleView, ConditionTree, MacroView } from '@atende/shared/automation';
import type { DbOrTx } from '../../db/client.ts';
import { existingTargets, type AutomationRuleRow, type MacroRow } from './automation.repo.ts';

type Target = { kind: ActionTarget; id: number };

const targetOf = (action: AutomationAction): Target | undefined => {
  switch (action.kind) {
    case 'assignQueue':
    case 'assignLeastBusy':
      return { kind: 'queue', id: action.queueId };
    case 'assignUser':
    case 'sendEmail':
      return { kind: 'user', id: action.userId };
    case 'sendWebhook':
      return { kind: 'webhookEndpoint', id: action.endpointId };
    case 'addTag':
    case 'removeTag':
      return { kind: 'tag', id: action.tagId };
    case 'addLane':
      return { kind: 'lane', id: action.tagId };
    case 'sendQuickMessage':
      return { kind: 'quickMessage', id: action.quickMessageId };
    default:
      return undefined;
  }
};

// one read per kind of target for all the lists of actions
export const brokenActionsOf = async (db: DbOrTx, companyId: number, lists: AutomationAction[][]) => {
  const wanted: Record<ActionTarget, number[]> = { queue: [], user: [], tag: [], lane: [], quickMessage: [], webhookEndpoint: [] };
  for (const target of lists.flat().map(targetOf)) if (target) wanted[target.kind].push(target.id);
  const existing = await existingTargets(db, companyId, wanted);
  return lists.map((actions) =>
    actions.flatMap((action, index) => {
      const target = targetOf(action);
      return target && !existing[target.kind].has(target.id) ? [{ index, kind: action.kind, missing: target.kind }] : [];
    }),
  );
};

export const ruleViews = async (db: DbOrTx, companyId: number, rows: AutomationRuleRow[]): Promise<AutomationRuleView[]> => {
  const broken = await brokenActionsOf(db, companyId, rows.map((row) => row.actions as AutomationAction[]));
  return rows.map((row, index) => ({
    id: row.id,
    name: row.name,
    active: row.active,
    trigger: row.trigger,
    idleMinutes: row.idleMinutes,
    conditions: row.conditions as ConditionTree,
    actions: row.actions as AutomationAction[],
    position: row.position,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastTicketId: row.lastTicketId,
    brokenActions: broken[index],
  }));
};

export const macroViews = async (db: DbOrTx, companyId: number, rows: MacroRow[]): Promise<MacroView[]> => {
  const broken = await brokenActionsOf(db, companyId, rows.map((row) => row.actions as AutomationAction[]));
  return rows.map((row, index) => ({ id: row.id, name: row.name, shared: row.userId === null, userId: row.userId, actions: row.actions as AutomationAction[], brokenActions: broken[index] }));
};
