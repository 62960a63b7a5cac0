import { runAtInstant } from './at-instant.js';

runAtInstant('new year in Stockholm');
