// The task kind of a boost, apart from its handler so the service can queue it without a cycle.
export const BOOST_TASK = 'setup_process.boost';
