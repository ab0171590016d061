import os from 'node:os';
import path from 'node:path';

/**
 * Converted models shared by every engine test file and run: conversion is atomic, so parallel test
 * workers may race on it safely, and the stamp check redoes it whenever the converter changes.
 */
export const TEST_MODELS_DIR = process.env.RENDERLIFT_TEST_MODELS_DIR ?? path.join(os.tmpdir(), 'renderlift-engine-test-models');
