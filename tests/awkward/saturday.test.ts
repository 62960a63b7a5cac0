import { runAtInstant } from './at-instant.js';

runAtInstant('saturday');
