import { cptCodesList, deviceTypesList, insuranceDefaultsList, type ListDef, vitalsList } from '@rpm/shared';
import { ListScreen } from '../list/ListScreen';

/** The read-only configuration tables of 000 §2.4 (issue 16 part 5), one list screen each. */
const CONFIG_LISTS = {
  cpt: cptCodesList,
  insuranceDefaults: insuranceDefaultsList,
  deviceTypes: deviceTypesList,
  vitals: vitalsList,
} as const;

export function ConfigTableScreen({ table }: { readonly table: keyof typeof CONFIG_LISTS }) {
  return <ListScreen def={CONFIG_LISTS[table] as unknown as ListDef} />;
}
