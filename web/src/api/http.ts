// placeholder, replaced below
export const http = async <T>(config: unknown): Promise<T> => { void config; throw new Error('x'); };
