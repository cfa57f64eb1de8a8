export function withoutScript(html: string, scriptName: string): string;
export function startControlPage(file: string, scriptName: string): Promise<{ url: string; close: () => Promise<void> }>;
