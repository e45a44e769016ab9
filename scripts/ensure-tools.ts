import { TOOLS, ensureTool, type ToolName } from '../devstack/tools';

/** Builds the pinned tools (Temporal CLI, versitygw) into the shared cache now, so CI shows that step on its own. */
async function main(): Promise<void> {
  for (const name of Object.keys(TOOLS) as ToolName[]) {
    const started = Date.now();
    const binary = await ensureTool(name);
    console.log(`${name}: ${binary} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
