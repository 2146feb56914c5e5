// The records a rule's conditions and actions pick from: the actions' (the macros' editor offers
// the same) and the connections of the connection condition.
import type { ActionChoices } from '../../components/automation-actions/action-kinds.ts';
import { useConnectionOptions } from '../connections/use-connections.ts';
import { useActionChoices } from '../macros/use-action-choices.ts';

export type RuleChoices = ActionChoices & { connections: { id: number; name: string }[] };

export const useRuleChoices = (): RuleChoices => {
  const { data: connections = [] } = useConnectionOptions();
  return { ...useActionChoices(), connections };
};
