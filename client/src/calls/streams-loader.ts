// Sets `window.connect`; imported dynamically so the library's chunk loads only for call agents (STACK.md).
import 'amazon-connect-streams';
