import { tenancyMatrix } from "../../../tests/support/tenancy-matrix.test-utils.js";

/**
 * Tenancy, generated from the contract (tests/support/tenancy-matrix.test-utils.ts): company B's users call every client-face
 * operation that takes an id with company A's record there and find it missing, change nothing, and never see A's rows
 * in their lists.
 */
tenancyMatrix();
