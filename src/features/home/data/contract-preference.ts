/** The selected-contract preference is shared with consumption, so it lives in the shared data/; the guards import it from here. */
export { selectedContractKey, setSelectedContract } from '#data/selected-contract';
