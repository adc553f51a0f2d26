export declare const chromePath: string;
export declare const testChromePath: string;
export declare const chromeArgs: readonly string[];
