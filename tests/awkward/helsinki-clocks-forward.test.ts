import { runAtInstant } from './at-instant.js';

runAtInstant('Helsinki clocks forward');
