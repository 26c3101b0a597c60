/** The selected-contract preference is shared with consumption, so it lives in sync/; the guards import it from here. */
export { selectedContractKey, setSelectedContract } from '#sync/selected-contract';
