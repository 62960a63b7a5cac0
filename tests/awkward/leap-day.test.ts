import { runAtInstant } from './at-instant.js';

runAtInstant('leap day');
