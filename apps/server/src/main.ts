// Process entry: the server as deployed (serve.ts).
import { runServer } from './serve.ts';

void runServer();
