import { runAtInstant } from './at-instant.js';

runAtInstant('last working day of a month');
