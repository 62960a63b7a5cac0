// `pnpm ops:count`: how many operations of the contract the API implements.
import { contractOperations } from '../api/src/lib/contract.js';
import { handlers } from '../api/src/features/index.js';

const operations = contractOperations();
const implemented = operations.filter((operation) => operation.operationId in handlers);
const missing = operations.filter((operation) => !(operation.operationId in handlers));
console.log(`The API implements ${implemented.length} of the contract's ${operations.length} operations.`);
if (process.argv.includes('--missing')) {
  for (const operation of missing) console.log(`  501  ${operation.method} ${operation.path}  (${operation.operationId})`);
}
