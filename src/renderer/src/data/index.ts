/** The renderer's data access: the one contract-data hook and the cache generation it follows. */
export { isNotFound, useContractData, type ContractData, type ContractDataOptions } from './use-contract-data';
export { useCacheGeneration } from './use-cache-generation';
/** The contract client of this host (Electron's preload or the web host's HTTP bridge). */
export { carbon, isElectron } from '../bridge';
