// Every workflow the worker runs is exported from here (the worker bundles this file).
export { campaignWorkflow } from './campaign-workflow';
export { oneOffCallWorkflow } from './one-off-call-workflow';
export { retentionSweepWorkflow } from './retention-sweep-workflow';
export { webhookDelivererWorkflow } from './webhook-deliverer-workflow';
