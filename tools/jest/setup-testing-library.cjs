// waitFor and findBy* wait up to 5 s, not 1 s: on a loaded 2-core machine (the whole npm test at
// once) a page's stubbed answers and React's commits can take longer than a second.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
