// A Vitest reporter for `npm test`'s summary: each test file's whole time (preparing, importing,
// its tests and hooks), written as JSON to the file SMARTLOCK_FILE_TIMES names.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimes {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({ file: relative(this.root, testModule.moduleId), ms: Math.round(ms) });
  }

  onTestRunEnd() {
    const out = process.env.SMARTLOCK_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.files));
  }
}
